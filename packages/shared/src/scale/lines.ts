import { MAX_FRAME_CHARS } from './reading.ts';

export interface LineSplitter {
  /** Whole lines so far (without CR/LF, blank ones left out) and text dropped for being too long. */
  push(text: string): { lines: string[]; overflow: string[] };
}

/**
 * Lines of a stream that ends them with CR, LF or CR LF, as indicators differ (A&D lets the
 * installer choose). A CR at the end of one chunk and its LF at the start of the next make an
 * empty line, which is dropped like any blank line. Text that reaches `maxChars` without a line
 * end is given back as overflow and forgotten, so a noisy line never grows memory.
 */
export function createLineSplitter(maxChars: number = MAX_FRAME_CHARS): LineSplitter {
  let pending = '';
  return {
    push(text) {
      pending += text;
      const lines: string[] = [];
      const overflow: string[] = [];
      let end = pending.search(/[\r\n]/);
      while (end >= 0) {
        const line = pending.slice(0, end);
        if (line.trim() !== '') lines.push(line);
        const skip = pending[end] === '\r' && pending[end + 1] === '\n' ? 2 : 1;
        pending = pending.slice(end + skip);
        end = pending.search(/[\r\n]/);
      }
      if (pending.length >= maxChars) {
        overflow.push(pending);
        pending = '';
      }
      return { lines, overflow };
    },
  };
}
