import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { readQr } from './qr-decode.ts';

/** How often a frame is read: 5 a second is quick at a door and leaves a cheap phone's CPU alone. */
const FRAME_MS = 200;

/**
 * The back camera's picture with a frame to aim at; every code it reads goes to `onCode` (the page
 * keeps it from sending the same code twice). Started once, stopped when it leaves the page. Its texts
 * come from the page, so this lazy module loads no strings of its own.
 */
export default function DoorCamera({
  onCode,
  label,
  failedText,
}: {
  onCode: (code: string) => void;
  label: string;
  failedText: string;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  // The page's handler changes whenever its answer's state does; the camera must not restart with it
  // (a new getUserMedia on every scan: a black frame, and on some phones the permission asked again).
  const codeRead = useEffectEvent((code: string) => onCode(code));
  useEffect(() => {
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const read = async () => {
      const element = video.current;
      if (stopped || !element) return;
      if (element.readyState >= 2) {
        const code = await readQr(element, element.videoWidth, element.videoHeight).catch(() => null);
        if (code && !stopped) codeRead(code);
      }
      if (!stopped) timer = setTimeout(() => void read(), FRAME_MS);
    };
    (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
        if (stopped || !video.current) return stream.getTracks().forEach((track) => track.stop());
        video.current.srcObject = stream;
        await video.current.play();
        void read();
      } catch {
        if (!stopped) setFailed(true);
      }
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);
  if (failed) {
    return (
      <p className="notice notice-error" role="alert">
        {failedText}
      </p>
    );
  }
  return (
    <div className="door-video">
      <video ref={video} muted playsInline aria-label={label} />
      <span className="door-aim" aria-hidden="true" />
    </div>
  );
}
