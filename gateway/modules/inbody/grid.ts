/**
 * The 4-connected regions of the pixels of a `width` × `height` grid for which `inside(i)` holds
 * (i = y × width + x): each as its pixels' indices, in the order of their first pixel. The page
 * finder's paper mask and the text detector's probability map both part their pixels so.
 */
export function regionsOf(width: number, height: number, inside: (i: number) => boolean): number[][] {
  const size = width * height;
  const seen = new Uint8Array(size);
  const regions: number[][] = [];
  const stack: number[] = [];
  const reach = (j: number) => {
    if (!seen[j] && inside(j)) {
      seen[j] = 1;
      stack.push(j);
    }
  };
  for (let start = 0; start < size; start++) {
    if (seen[start] || !inside(start)) continue;
    const region: number[] = [];
    seen[start] = 1;
    stack.push(start);
    while (stack.length) {
      const i = stack.pop()!;
      region.push(i);
      const x = i % width;
      if (x > 0) reach(i - 1);
      if (x < width - 1) reach(i + 1);
      if (i >= width) reach(i - width);
      if (i < size - width) reach(i + width);
    }
    regions.push(region);
  }
  return regions;
}

/**
 * Each value of a `width` × `height` grid replaced by the mean of its 3 × 3 neighbourhood (fewer at
 * the edges), written into `out`: the page finder's smoothing, the detected boxes' unsharp mask.
 */
export function mean3x3<Out extends Float32Array | Float64Array>(
  values: ArrayLike<number>,
  width: number,
  height: number,
  out: Out,
): Out {
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      let sum = 0;
      let n = 0;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          const yy = y + dy;
          if (xx < 0 || yy < 0 || xx >= width || yy >= height) continue;
          sum += values[yy * width + xx];
          n++;
        }
      out[y * width + x] = sum / n;
    }
  return out;
}
