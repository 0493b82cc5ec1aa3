import { all, spawn } from 'redux-saga/effects';
import { authSaga } from '@/client/features/auth/auth.saga';
import { socketSaga } from '@/client/features/auth/socket.saga';
import { userSaga } from '@/client/features/user/user.saga';
import { followSaga } from '@/client/features/follow/follow.saga';
import { balanceSaga } from '@/client/features/user/balance.saga';
import { conversationSaga } from '@/client/features/messages/conversation.saga';
import { messageSaga } from '@/client/features/messages/message.saga';
import { messagesRealtimeSaga } from '@/client/features/messages/messages-realtime.saga';
import { streamMessageSaga } from '@/client/features/streaming/stream-message.saga';
import { streamingRealtimeSaga } from '@/client/features/streaming/streaming-realtime.saga';
import { privateShowsRealtimeSaga } from '@/client/features/private-shows/private-shows-realtime.saga';
import { notificationsSaga } from '@/client/features/notifications/notifications.saga';

/** spawn: a feature saga that dies does not take the others with it. */
export function* rootSaga() {
  yield all([spawn(authSaga), spawn(socketSaga), spawn(userSaga), spawn(followSaga), spawn(balanceSaga), spawn(conversationSaga), spawn(messageSaga), spawn(messagesRealtimeSaga), spawn(streamMessageSaga), spawn(streamingRealtimeSaga), spawn(privateShowsRealtimeSaga), spawn(notificationsSaga)]);
}
