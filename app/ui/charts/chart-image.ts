import { echarts } from './echarts-setup.ts';

/** A chart to draw off screen: its option laid out for `width`, and its height. */
export interface ChartPicture {
  option: Record<string, unknown>;
  width: number;
  height: number;
}

/** What is written above an exported chart: its title, then the dashboard and filters it was drawn with. */
export interface ChartHeading {
  title: string;
  lines: string[];
  /** Written under the chart: how the figure is computed. */
  footer?: string;
}

/** Device pixels per CSS pixel of an exported image: sharp on paper and on a projector. */
const SCALE = 2;
const PADDING = 24;
const FONT = 'system-ui, "Segoe UI", Roboto, Helvetica, Arial, sans-serif';

/**
 * Draws the chart once more, off screen, with echarts' canvas renderer (the screen's is SVG, which a PNG cannot be
 * made of) and hands the instance to `read` before it is disposed.
 */
function withChart<T>(picture: ChartPicture, read: (chart: ReturnType<typeof echarts.init>) => T): T {
  const host = document.createElement('div');
  const chart = echarts.init(host, null, {
    renderer: 'canvas',
    width: picture.width,
    height: picture.height,
    devicePixelRatio: SCALE,
    locale: 'ES',
  });
  try {
    chart.setOption({ ...picture.option, animation: false });
    return read(chart);
  } finally {
    chart.dispose();
  }
}

/** The chart alone as a PNG `data:` URL, from echarts' getDataURL: what the dashboard's PDF draws. */
export function chartDataUrl(picture: ChartPicture): string {
  return withChart(picture, (chart) => chart.getDataURL({ type: 'png', pixelRatio: SCALE, backgroundColor: '#ffffff' }));
}

/** `text` in lines no wider than `width` for the context's font, broken between words. */
function wrap(context: CanvasRenderingContext2D, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && context.measureText(candidate).width > width) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line) lines.push(line);
  return lines;
}

interface TextBlock {
  font: string;
  colour: string;
  lineHeight: number;
  lines: string[];
}

/**
 * A PNG of the chart with its title and the filters it was drawn with written above it (and its formula below):
 * a picture that says what it shows once it is pasted into a committee's minutes.
 */
export async function chartPng(picture: ChartPicture, heading: ChartHeading): Promise<Blob> {
  const chart = withChart(picture, (instance) => instance.renderToCanvas({ backgroundColor: '#ffffff', pixelRatio: SCALE }));
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d');
  if (!context) throw new Error('El navegador no pudo dibujar la imagen del gráfico');
  const textWidth = picture.width - 2 * PADDING;
  const block = (font: string, colour: string, lineHeight: number, texts: string[]): TextBlock => {
    context.font = font;
    return { font, colour, lineHeight, lines: texts.flatMap((text) => wrap(context, text, textWidth)) };
  };
  const above = [block(`700 20px ${FONT}`, '#1f1f1f', 28, [heading.title]), block(`14px ${FONT}`, '#4d4d4d', 20, heading.lines)];
  const below = heading.footer ? [block(`13px ${FONT}`, '#4d4d4d', 18, [heading.footer])] : [];
  const height = (blocks: TextBlock[]) => blocks.reduce((sum, item) => sum + item.lines.length * item.lineHeight, 0);
  const top = PADDING + height(above) + 12;
  const total = top + picture.height + (below.length > 0 ? 12 + height(below) : 0) + PADDING;
  canvas.width = picture.width * SCALE;
  canvas.height = total * SCALE;
  context.scale(SCALE, SCALE);
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, picture.width, total);
  context.textBaseline = 'top';
  const write = (blocks: TextBlock[], from: number) => {
    let y = from;
    for (const item of blocks) {
      context.font = item.font;
      context.fillStyle = item.colour;
      for (const line of item.lines) {
        context.fillText(line, PADDING, y);
        y += item.lineHeight;
      }
    }
  };
  write(above, PADDING);
  context.drawImage(chart, 0, top, picture.width, picture.height);
  write(below, top + picture.height + 12);
  return new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('El navegador no pudo crear la imagen PNG'))), 'image/png'),
  );
}
