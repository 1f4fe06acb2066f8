import type { InputProps } from 'antd';
import { cutToVisible, visibleLength } from '@truck-queue/shared/licence';

/**
 * An antd input's limit counted as the server counts it: characters as a person sees them, so a
 * Thai plate (a letter with its vowel and tone marks is one) is never cut short; typing past the
 * limit cuts at a whole character.
 */
export function visibleCount(max: number, show = false): NonNullable<InputProps['count']> {
  return {
    max,
    show,
    strategy: visibleLength,
    exceedFormatter: (text, config) => cutToVisible(text, config.max),
  };
}
