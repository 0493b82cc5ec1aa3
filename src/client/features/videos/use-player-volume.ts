import { useCallback } from 'react';
import { setVolume } from '@/client/features/player/player.slice';
import { useAppDispatch, useAppSelector } from '@/client/store/hooks';

/**
 * Whether the viewer has set a volume in a player during this page session. Until then the
 * site's `volume` setting is the starting volume; afterwards their own choice (the `player`
 * slice, spec 3 "Player settings") follows them from video to video.
 */
let chosen = false;

/** The volume a player starts at, and the handler that remembers a change. */
export function usePlayerVolume(): { volume: number; remember: (volume: number) => void } {
  const dispatch = useAppDispatch();
  const playerVolume = useAppSelector((s) => s.player.volume);
  const siteVolume = useAppSelector((s) => s.settings.volume);
  const volume = chosen ? playerVolume : siteVolume ?? playerVolume;
  const remember = useCallback((next: number) => {
    chosen = true;
    dispatch(setVolume(next));
  }, [dispatch]);
  return { volume: Math.min(1, Math.max(0, Number.isFinite(volume) ? volume : 1)), remember };
}

/** Tests start every case from a fresh session. */
export function resetChosenVolume(): void {
  chosen = false;
}
