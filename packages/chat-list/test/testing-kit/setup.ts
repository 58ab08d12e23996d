// What the README tells an app to put in its test setup file.
import { mockChatListLayout } from '@chat-list/react/testing';

mockChatListLayout();
