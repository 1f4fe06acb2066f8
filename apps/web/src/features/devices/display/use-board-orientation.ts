import { useSyncExternalStore } from 'react';
import { boardOrientation, type BoardOrientation } from './board.ts';

function subscribe(listener: () => void): () => void {
  window.addEventListener('resize', listener);
  return () => window.removeEventListener('resize', listener);
}

/** The board's layout by the window's aspect ratio (no setting): follows a TV turned or a window resized. */
export function useBoardOrientation(): BoardOrientation {
  return useSyncExternalStore(subscribe, () => boardOrientation(window.innerWidth, window.innerHeight));
}
