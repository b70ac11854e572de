import { create as createQrCode } from 'qrcode';

/**
 * A QR code of `text` as one SVG path with a quiet zone of four modules, in module units (`side` across): one
 * rectangle per run of dark modules in a row, a fraction of what a renderer has to parse. The acta's PDF and the
 * screens draw it alike, with no image and no canvas.
 */
export function qrPath(text: string): { path: string; side: number } {
  const { modules } = createQrCode(text, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  let path = '';
  for (let row = 0; row < modules.size; row += 1) {
    for (let column = 0; column < modules.size; column += 1) {
      if (!modules.get(row, column)) continue;
      let run = 1;
      while (column + run < modules.size && modules.get(row, column + run)) run += 1;
      path += `M${column + quiet} ${row + quiet}h${run}v1h-${run}z`;
      column += run - 1;
    }
  }
  return { path, side: modules.size + 2 * quiet };
}
