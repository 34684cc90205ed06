import { useEffect, useRef, useState } from 'react';
import { useT } from '#app/i18n.ts';

type Point = { x: number; y: number };

/** The pad's drawing size: small enough that its PNG (a few KB of strokes) rides a form field. */
const WIDTH = 600;
const HEIGHT = 240;

/**
 * A signature drawn with a finger (pointer events: touch, pen and mouse alike), with Undo and Clear.
 * Each finished stroke writes the drawing as a PNG into the hidden field `name`; an empty pad sends
 * nothing and the typed full name is the signature. Rendered only with JavaScript (the page shows
 * the typed-name hint instead without it).
 */
export function SignaturePad({ name }: { name: string }) {
  const { t } = useT();
  const canvas = useRef<HTMLCanvasElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const strokes = useRef<Point[][]>([]);
  const current = useRef<Point[] | null>(null);
  const [count, setCount] = useState(0);

  const redraw = () => {
    const ctx = canvas.current?.getContext('2d');
    if (!ctx) return;
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, WIDTH, HEIGHT);
    ctx.strokeStyle = '#0f172a';
    ctx.lineWidth = 4;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    for (const stroke of [...strokes.current, ...(current.current ? [current.current] : [])]) {
      ctx.beginPath();
      stroke.forEach((p, i) => (i === 0 ? ctx.moveTo(p.x, p.y) : ctx.lineTo(p.x, p.y)));
      if (stroke.length === 1) ctx.lineTo(stroke[0].x + 0.5, stroke[0].y + 0.5);
      ctx.stroke();
    }
  };

  const save = () => {
    setCount(strokes.current.length);
    if (field.current)
      field.current.value = strokes.current.length > 0 && canvas.current ? canvas.current.toDataURL('image/png') : '';
  };

  useEffect(redraw, []);

  const at = (event: React.PointerEvent<HTMLCanvasElement>): Point => {
    const box = event.currentTarget.getBoundingClientRect();
    return {
      x: ((event.clientX - box.left) / box.width) * WIDTH,
      y: ((event.clientY - box.top) / box.height) * HEIGHT,
    };
  };

  return (
    <div className="signature-pad">
      <canvas
        ref={canvas}
        width={WIDTH}
        height={HEIGHT}
        className="signature-canvas"
        role="img"
        aria-label={t('pt.eContract.padHint')}
        onPointerDown={(event) => {
          event.currentTarget.setPointerCapture(event.pointerId);
          current.current = [at(event)];
          redraw();
        }}
        onPointerMove={(event) => {
          if (!current.current) return;
          current.current.push(at(event));
          redraw();
        }}
        onPointerUp={() => {
          if (current.current) strokes.current.push(current.current);
          current.current = null;
          redraw();
          save();
        }}
        onPointerCancel={() => {
          current.current = null;
          redraw();
        }}
      />
      {/* No defaultValue: on a hidden input it is the value itself, and React would reset it on each render. */}
      <input ref={field} type="hidden" name={name} />
      <div className="signature-actions">
        <button
          type="button"
          className="button button-secondary"
          disabled={count === 0}
          onClick={() => {
            strokes.current.pop();
            redraw();
            save();
          }}
        >
          {t('pt.eContract.undo')}
        </button>
        <button
          type="button"
          className="button button-secondary"
          disabled={count === 0}
          onClick={() => {
            strokes.current = [];
            redraw();
            save();
          }}
        >
          {t('pt.eContract.clear')}
        </button>
      </div>
    </div>
  );
}
