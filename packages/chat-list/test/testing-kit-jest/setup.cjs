// What the README tells a Jest app to put in `setupFilesAfterEnv`.
const { mockChatListLayout } = require('@chat-list/react/testing');

mockChatListLayout();
