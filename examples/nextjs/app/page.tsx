import { connection } from 'next/server';
import { readConversation } from '../lib/conversation';
import { Conversation } from './Conversation';

export default async function Page() {
  // A conversation is per reader and changes all the time: read it per request, not at build time.
  await connection();
  const messages = readConversation();
  return <Conversation initialMessages={messages} />;
}
