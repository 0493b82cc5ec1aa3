import { follow, followReducer, unfollow } from '@/client/features/follow/follow.slice';

describe('follow slice', () => {
  it('adds unique ids and removes them', () => {
    let state = followReducer(undefined, follow('a'));
    state = followReducer(state, follow('b'));
    state = followReducer(state, follow('a'));
    expect(state.followedIds).toEqual(['a', 'b']);
    state = followReducer(state, unfollow('a'));
    expect(state.followedIds).toEqual(['b']);
    expect(followReducer(state, unfollow('zzz')).followedIds).toEqual(['b']);
  });
});
