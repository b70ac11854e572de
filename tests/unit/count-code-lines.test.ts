import { describe, expect, it } from 'vitest';
import { codeLines } from '#tests/support/count-code-lines.ts';

describe('the line count of the closing notes', () => {
  it('counts code lines, not blank lines, // lines or /* */ blocks (JSDoc and CSS), and code after a closed block', () => {
    const text = [
      '/**',
      ' * A doc comment.',
      ' */',
      'import x from "y";',
      '',
      '// a note',
      'const a = 1; // trailing notes count as code',
      '/* one line */ const b = 2;',
      '.rule { color: red; } /* css */',
      '/* open',
      '   still open */',
      '}',
    ].join('\n');
    expect(codeLines(text)).toBe(5);
  });
});
