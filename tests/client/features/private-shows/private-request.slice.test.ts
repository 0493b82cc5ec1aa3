import { accessPrivateRequest, addPrivateRequest, initialPrivateRequestState, privateRequestReducer } from '@/client/features/private-shows/private-request.slice';
import { logoutSuccess } from '@/client/features/auth/auth.slice';
import { rootReducer } from '@/client/store/root.reducer';
import { makeRequest } from './private-show-fixtures';

const ids = (state: typeof initialPrivateRequestState) => state.privateRequests.map((r) => `${r._id}@${r.conversationId}`);

describe('private streaming requests (spec 3 and 4)', () => {
  it('starts as an empty list', () => {
    expect(privateRequestReducer(undefined, { type: 'init' })).toEqual({ privateRequests: [] });
  });

  it('adding appends a request, in arrival order, even for a conversation already listed', () => {
    let state = privateRequestReducer(undefined, addPrivateRequest(makeRequest({ _id: 'a', conversationId: 'c1' })));
    state = privateRequestReducer(state, addPrivateRequest(makeRequest({ _id: 'b', conversationId: 'c2' })));
    state = privateRequestReducer(state, addPrivateRequest(makeRequest({ _id: 'c', conversationId: 'c1' })));
    expect(ids(state)).toEqual(['a@c1', 'b@c2', 'c@c1']);
  });

  it('accessing one removes every entry with that conversationId and keeps the others in order', () => {
    let state = initialPrivateRequestState;
    for (const [id, c] of [['a', 'c1'], ['b', 'c2'], ['c', 'c1'], ['d', 'c3']]) state = privateRequestReducer(state, addPrivateRequest(makeRequest({ _id: id, conversationId: c })));
    state = privateRequestReducer(state, accessPrivateRequest('c1'));
    expect(ids(state)).toEqual(['b@c2', 'd@c3']);
    expect(privateRequestReducer(state, accessPrivateRequest('unknown'))).toEqual(state);
  });

  it('is part of the app state and emptied by logout', () => {
    let state = rootReducer(undefined, addPrivateRequest(makeRequest()));
    expect(state.privateRequest.privateRequests).toHaveLength(1);
    state = rootReducer(state, logoutSuccess());
    expect(state.privateRequest).toEqual({ privateRequests: [] });
  });
});
