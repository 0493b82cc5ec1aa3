import { playerReducer, setVolume } from '@/client/features/player/player.slice';

describe('player slice', () => {
  it('defaults the volume to 1 and keeps it within 0..1', () => {
    expect(playerReducer(undefined, { type: '@@init' })).toEqual({ volume: 1 });
    expect(playerReducer(undefined, setVolume(0.4)).volume).toBe(0.4);
    expect(playerReducer(undefined, setVolume(3)).volume).toBe(1);
    expect(playerReducer(undefined, setVolume(-1)).volume).toBe(0);
    expect(playerReducer({ volume: 0.5 }, setVolume(Number.NaN)).volume).toBe(0.5);
  });
});
