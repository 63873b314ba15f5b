import type { VersionedRow } from '../../repos/message-versions';
import type { LlmMessage, LlmModel, LlmUsage } from '../../platform/llm/llm';
import { estimateUsage } from '../../platform/llm/usage-estimate';
import { onePerTurn } from '../../platform/one-per-turn';
import { presentMessage } from '../../presenters/chat.presenter';
import { finishAnswer } from './chat.repo';
import { chargeTokens } from '../usage';
import { ANSWER_OUTPUT_RESERVE, SHUTDOWN, type ChatContext } from './chat.context';
import type { LiveAnswer } from './stream-hub';

type FinalStatus = 'complete' | 'cancelled' | 'error';

/**
 * Model calls start one per turn of the event loop: setting one up costs a fraction of a
 * millisecond, and a hundred started back to back would hold up the tokens of answers already
 * streaming.
 */
const modelCallTurn = onePerTurn();

/**
 * Streams the model's answer into the hub, and its row at the end (the progress saver writes
 * it meanwhile). Never throws: whatever happens, the answer ends with a final status and a
 * chat.done.
 */
export async function writeAnswer(options: {
  ctx: ChatContext;
  live: LiveAnswer;
  answerRow: VersionedRow;
  model: LlmModel;
  system: string;
  messages: LlmMessage[];
  language: 'en' | 'pl';
}): Promise<void> {
  const { ctx, live, answerRow, model, system, messages } = options;
  const { signal } = live.controller;
  let status: FinalStatus | undefined;
  let usage: LlmUsage | undefined;

  try {
    await modelCallTurn();
    const events = ctx.llm.streamAnswer({
      modelId: model.id,
      system,
      messages,
      signal,
      maxOutputTokens: ANSWER_OUTPUT_RESERVE,
      language: options.language,
      ...(ctx.idleTimeoutMs !== undefined && { timeoutMs: ctx.idleTimeoutMs }),
    });
    for await (const event of events) {
      if (event.type === 'delta') {
        ctx.hub.append(live.conversationId, event.text);
      } else if (event.type === 'done') {
        status = 'complete';
        usage = event.usage;
      } else {
        status = 'error';
      }
    }
  } catch (err) {
    ctx.log.warn({ err, model: model.id }, 'model call failed');
    status = 'error';
  }
  status ??= signal.aborted && signal.reason !== SHUTDOWN ? 'cancelled' : 'error';
  await storeFinalAnswer({ ctx, live, answerRow, status, system, messages, usage });
}

async function storeFinalAnswer(options: {
  ctx: ChatContext;
  live: LiveAnswer;
  answerRow: VersionedRow;
  status: FinalStatus;
  system: string;
  messages: LlmMessage[];
  usage: LlmUsage | undefined;
}): Promise<void> {
  const { ctx, live, answerRow, status } = options;
  // A failure before any text (the provider refused, or never answered) costs nothing.
  const nothingWritten = status === 'error' && live.content === '';
  const usage =
    options.usage ??
    (nothingWritten
      ? { input_tokens: 0, output_tokens: 0, estimated: false }
      : estimateUsage({
          system: options.system,
          messages: options.messages,
          answer: live.content,
        }));
  const values = {
    content: live.seal ? live.seal(live.content) : live.content,
    status,
    errorCode: status === 'error' ? ('message_generating_error' as const) : null,
    inputTokens: usage.input_tokens,
    outputTokens: usage.output_tokens,
    tokensEstimated: usage.estimated,
  };
  ctx.onTokens?.(usage);
  let stored: VersionedRow | undefined;
  try {
    stored = await ctx.db.transaction(async (tx) => {
      const row = await finishAnswer({ db: tx, messageId: live.messageId, values });
      await chargeTokens({
        db: tx,
        owner: live.owner,
        now: ctx.now(),
        tokens: usage.input_tokens + usage.output_tokens,
      });
      return row;
    });
  } catch (err) {
    // The sweeper marks the row later; the tabs still learn that the answer ended.
    ctx.log.error({ err, message: live.messageId }, 'final answer not stored');
  }
  ctx.hub.finish(live.conversationId, {
    type: 'chat.done',
    conversation_pk: live.conversationId,
    // The tabs get the text as written, never what the row stores.
    message: presentMessage(
      { ...(stored ?? { ...answerRow, ...values }), content: live.content },
      [],
    ),
  });
}
