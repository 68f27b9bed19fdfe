/**
 * The chart's SVG (chart-svg.ts) as a PNG, drawn onto a canvas in the page at 1x or 2x, and the
 * bytes both ways need to cross to main (base64) or the browser's clipboard (a Blob).
 */

/** A PNG of the SVG at `scale` times its CSS size (2: sharp on a high-density screen or in print). */
export async function svgToPng(svg: string, width: number, height: number, scale: 1 | 2): Promise<Blob> {
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  try {
    const image = new Image(width, height);
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = width * scale;
    canvas.height = height * scale;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('This browser gave no 2D canvas to draw the PNG on; save the chart as SVG instead.');
    context.scale(scale, scale);
    context.drawImage(image, 0, 0, width, height);
    return await new Promise<Blob>((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The browser could not encode the PNG; save the chart as SVG instead.'))), 'image/png'));
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** A Blob's bytes in base64 (how a PNG crosses IPC and web mode's bridge). */
export async function blobBase64(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  // In chunks: String.fromCharCode over a whole image overflows the argument limit.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
