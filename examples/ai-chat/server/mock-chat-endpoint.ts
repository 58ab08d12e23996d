import type { IncomingMessage, ServerResponse } from 'node:http';
import { convertToModelMessages, simulateReadableStream, streamText, type UIMessage } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import type { Connect, Plugin } from 'vite';

/** What the mock model answers, in turn: each has paragraphs, a list and a code block. */
export const CANNED_REPLIES: readonly string[] = [
  `Here is how a chat list keeps a streaming answer in view.

When the reader is **at the bottom**, every token that makes the last message taller keeps the list pinned there. Once they scroll up, the list lets them read:

- new tokens grow the reply below the viewport,
- nothing pulls the reader back down,
- a badge tells them there is more to see.

\`\`\`tsx
<ChatList messages={messages} renderMessage={renderMessage} />
\`\`\`

That is all the setup it needs.`,
  `Virtualization renders only the rows near the viewport, so a long conversation costs the same as a short one.

A few things still matter:

1. Give every message a **stable id**: the list tells a prepend from an append by its keys.
2. Update the streamed reply *in place*, with the same id.
3. Keep \`renderMessage\` stable, so unchanged rows do not render again.

\`\`\`ts
const estimateSize = (message: UIMessage) => 48 + message.parts.length * 24;
\`\`\`

Rows are measured as they render; the estimate only has to be close.`,
  `Markdown renders as the reply streams in, one token at a time.

Half-finished syntax is harmless: an open \`code fence\` simply becomes a code block until it closes. Things worth trying here:

- press **Stop** while the answer streams,
- press **Regenerate** to get another answer,
- scroll up during an answer and watch the badge.

\`\`\`sh
pnpm --filter @chat-list/example-ai-chat dev
\`\`\`

Every reply comes from a mock model on the dev server: no network, no API key.`,
];

interface MockChatEndpointOptions {
  /** Delay between two streamed tokens, ms. */
  chunkDelayMs?: number;
  /** Delay before the first token (the model "thinking"), ms. */
  firstTokenDelayMs?: number;
}

/** Splits markdown into word-sized deltas, each with the whitespace before it, as a model streams. */
function tokens(markdown: string): string[] {
  return markdown.match(/\s*\S+/g) ?? [];
}

/** A language model that streams one canned reply: swap it for a real provider's model. */
function cannedModel(reply: string, { chunkDelayMs, firstTokenDelayMs }: Required<MockChatEndpointOptions>) {
  return new MockLanguageModelV3({
    doStream: async () => ({
      stream: simulateReadableStream({
        initialDelayInMs: firstTokenDelayMs,
        chunkDelayInMs: chunkDelayMs,
        chunks: [
          { type: 'stream-start', warnings: [] },
          { type: 'text-start', id: 'reply' },
          ...tokens(reply).map((delta) => ({ type: 'text-delta' as const, id: 'reply', delta })),
          { type: 'text-end', id: 'reply' },
          {
            type: 'finish',
            finishReason: { unified: 'stop', raw: undefined },
            usage: {
              inputTokens: { total: undefined, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
              outputTokens: { total: undefined, text: undefined, reasoning: undefined },
            },
          },
        ],
      }),
    }),
  });
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

/**
 * A Vite plugin serving `POST /api/chat` the way an AI SDK route does (`streamText` piped as a
 * UI message stream), with a mock model, in `vite` dev and `vite preview` alike.
 */
export function mockChatEndpoint({ chunkDelayMs = 30, firstTokenDelayMs = 300 }: MockChatEndpointOptions = {}): Plugin {
  let repliesSent = 0;

  async function answer(request: IncomingMessage, response: ServerResponse) {
    const { messages } = (await readJson(request)) as { messages: UIMessage[] };
    const reply = CANNED_REPLIES[repliesSent++ % CANNED_REPLIES.length] ?? '';
    // Stop on the client aborts the fetch: end the generation too, as a real model call would.
    const generation = new AbortController();
    response.once('close', () => generation.abort());
    const result = streamText({
      model: cannedModel(reply, { chunkDelayMs, firstTokenDelayMs }),
      messages: await convertToModelMessages(messages),
      abortSignal: generation.signal,
    });
    result.pipeUIMessageStreamToResponse(response);
  }

  const handleChat: Connect.NextHandleFunction = (request, response, next) => {
    if (request.method !== 'POST' || request.url?.split('?')[0] !== '/api/chat') {
      next();
      return;
    }
    answer(request, response).catch(next);
  };

  return {
    name: 'mock-chat-endpoint',
    configureServer: (server) => void server.middlewares.use(handleChat),
    configurePreviewServer: (server) => void server.middlewares.use(handleChat),
  };
}
