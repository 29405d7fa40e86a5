import { lazy, Suspense, useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { AlertCircle, HelpCircle, RefreshCw, SendHorizontal, Sparkles } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Spinner } from '@/components/ui/spinner';
import type { ChatEntry } from '../chat-state';
import { CHAT_GREETING, CHAT_TEXT } from '../chat-texts';
import type { ChatController } from '../use-chat';

// The markdown renderer (react-markdown and its parsers) starts when the first answer is shown, not when
// the widget's button is drawn after every page load (total blocking time, docs/performance.md).
const ChatMarkdown = lazy(() => import('./chat-markdown').then((module) => ({ default: module.ChatMarkdown })));

function AssistantAvatar() {
  return (
    <span
      aria-hidden="true"
      className="mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-600 ring-1 ring-brand-100 dark:bg-brand-500/10 dark:text-brand-300 dark:ring-brand-400/20"
    >
      <Sparkles className="size-3.5" />
    </span>
  );
}

function Bubble({ entry }: { entry: Pick<ChatEntry, 'role' | 'content'> }) {
  if (entry.role === 'user') {
    return (
      <li className="flex justify-end">
        <div className="max-w-[85%] rounded-2xl rounded-br-md bg-brand-600 px-3.5 py-2 text-sm whitespace-pre-wrap break-words text-white dark:bg-brand-500">
          <span className="sr-only">You: </span>
          {entry.content}
        </div>
      </li>
    );
  }
  if (entry.role === 'error') {
    return (
      <li className="flex gap-2">
        <AssistantAvatar />
        <div className="flex max-w-[85%] items-start gap-2 rounded-2xl rounded-tl-md bg-red-50 px-3.5 py-2 text-sm text-red-800 ring-1 ring-red-200 dark:bg-red-500/10 dark:text-red-200 dark:ring-red-400/20">
          <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span className="break-words">{entry.content}</span>
        </div>
      </li>
    );
  }
  const question = entry.role === 'agent-question';
  return (
    <li className="flex gap-2">
      <AssistantAvatar />
      <div
        className={cn(
          'max-w-[85%] min-w-0 rounded-2xl rounded-tl-md px-3.5 py-2 text-sm break-words text-gray-800 dark:text-gray-100',
          question
            ? 'bg-amber-50 ring-1 ring-amber-200 dark:bg-amber-400/10 dark:ring-amber-300/20'
            : 'bg-white ring-1 ring-gray-200 dark:bg-white/5 dark:ring-white/10',
        )}
      >
        <span className="sr-only">{question ? 'Assistant asks: ' : 'Assistant: '}</span>
        {question ? (
          <span
            className="mb-1 flex items-center gap-1 text-xs font-medium text-amber-800 dark:text-amber-200"
            aria-hidden="true"
          >
            <HelpCircle className="size-3.5" /> Question
          </span>
        ) : null}
        <Suspense fallback={<p className="whitespace-pre-wrap">{entry.content}</p>}>
          <ChatMarkdown>{entry.content}</ChatMarkdown>
        </Suspense>
      </div>
    </li>
  );
}

export interface ChatConversationProps {
  chat: ChatController;
  /** No signed-in user: the conversation asks to sign in instead (spec §8). */
  signedIn: boolean;
  /** The chat's history is still loading. */
  loading?: boolean;
  /** The chat's history could not be loaded ('Failed to load chat. Please try again.'). */
  loadFailed?: boolean;
  onRetryLoad?: () => void;
  /** A record link in an answer was followed. */
  onLinkClick?: () => void;
  className?: string;
  /** Focus the input when shown. */
  autoFocus?: boolean;
}

/** The messages of one chat and the composer under them, for the page and the widget. */
export function ChatConversation({
  chat,
  signedIn,
  loading = false,
  loadFailed = false,
  onRetryLoad,
  onLinkClick,
  className,
  autoFocus = false,
}: ChatConversationProps) {
  const { state } = chat;
  const [text, setText] = useState('');
  const listRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const errorId = useId();
  const modeId = useId();

  // Keep the newest message in view.
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [state.messages.length, state.thinking, state.answering]);

  useEffect(() => {
    if (autoFocus) inputRef.current?.focus();
  }, [autoFocus]);

  const isNew = state.chatId === null;
  const connected = state.status === 'connected';
  const canSend =
    signedIn &&
    !loading &&
    !loadFailed &&
    text.trim() !== '' &&
    !state.creating &&
    (isNew ? state.status === 'idle' : connected);

  const submit = async () => {
    if (!canSend) return;
    const sent = await chat.send(text);
    if (sent) setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  const onListClick = (event: MouseEvent<HTMLDivElement>) => {
    if ((event.target as HTMLElement).closest('a[data-chat-link]')) onLinkClick?.();
  };

  if (!signedIn) {
    return (
      <div className={cn('flex flex-1 items-center justify-center p-6 text-center', className)}>
        <p role="alert" className="text-sm text-gray-600 dark:text-gray-300">
          {CHAT_TEXT.logIn}
        </p>
      </div>
    );
  }

  return (
    <div className={cn('flex min-h-0 flex-1 flex-col', className)}>
      <div ref={listRef} onClick={onListClick} className="min-h-0 flex-1 overflow-y-auto px-4 py-4">
        <ol role="log" aria-label="Chat messages" aria-live="polite" className="space-y-3">
          <Bubble entry={{ role: 'agent', content: CHAT_GREETING }} />
          {state.messages.map((entry) => (
            <Bubble key={entry.key} entry={entry} />
          ))}
        </ol>
        {loading ? (
          <p role="status" className="mt-3 flex items-center gap-2 text-sm text-gray-500 dark:text-gray-400">
            <Spinner size="sm" /> Loading...
          </p>
        ) : null}
        {state.thinking ? (
          <div role="status" aria-label="The assistant is thinking" className="mt-3 flex items-center gap-2">
            <AssistantAvatar />
            <span className="flex items-center gap-1 rounded-2xl rounded-tl-md bg-white px-3.5 py-3 ring-1 ring-gray-200 dark:bg-white/5 dark:ring-white/10">
              <span className="size-1.5 animate-bounce rounded-full bg-gray-400 [animation-delay:-0.3s]" />
              <span className="size-1.5 animate-bounce rounded-full bg-gray-400 [animation-delay:-0.15s]" />
              <span className="size-1.5 animate-bounce rounded-full bg-gray-400" />
              <span className="ml-1.5 text-xs text-gray-500 dark:text-gray-400">Thinking…</span>
            </span>
          </div>
        ) : null}
      </div>

      <div className="border-t border-gray-200 bg-white/80 px-3 pt-2 pb-3 dark:border-white/10 dark:bg-gray-900/60">
        {loadFailed ? (
          <div
            role="alert"
            className="mb-2 flex items-center justify-between gap-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-500/10 dark:text-red-200"
          >
            <span>{CHAT_TEXT.loadFailed}</span>
            {onRetryLoad ? (
              <Button variant="secondary" size="sm" onClick={onRetryLoad}>
                <RefreshCw aria-hidden="true" className="size-4" /> Retry
              </Button>
            ) : null}
          </div>
        ) : state.error ? (
          <div
            role="alert"
            className="mb-2 flex items-center justify-between gap-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-500/10 dark:text-red-200"
          >
            <span>{state.error}</span>
            {state.status === 'closed' && state.chatId !== null ? (
              <Button variant="secondary" size="sm" onClick={chat.retry}>
                <RefreshCw aria-hidden="true" className="size-4" /> Reconnect
              </Button>
            ) : null}
          </div>
        ) : state.status === 'connecting' ? (
          <p role="status" className="mb-2 flex items-center gap-2 text-xs text-gray-500 dark:text-gray-400">
            <Spinner size="sm" /> Connecting…
          </p>
        ) : null}
        {state.answering ? (
          <p
            id={modeId}
            className="mb-2 flex items-center gap-1.5 text-xs font-medium text-amber-700 dark:text-amber-300"
          >
            <HelpCircle aria-hidden="true" className="size-3.5" />
            {CHAT_TEXT.answerMode}
          </p>
        ) : null}
        <form
          className="flex items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <textarea
            ref={inputRef}
            rows={1}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              chat.clearInputError();
            }}
            onKeyDown={onKeyDown}
            aria-label="Message"
            aria-invalid={state.inputError ? true : undefined}
            aria-describedby={
              [state.inputError ? errorId : '', state.answering ? modeId : ''].filter(Boolean).join(' ') || undefined
            }
            placeholder={state.answering ? 'Type your answer…' : 'Ask about your data…'}
            className="max-h-40 min-h-10 flex-1 resize-none rounded-xl border-0 bg-white px-3 py-2 text-sm text-gray-900 shadow-sm ring-1 ring-gray-300 ring-inset placeholder:text-gray-400 focus:ring-2 focus:ring-brand-600 focus:outline-none dark:bg-white/5 dark:text-white dark:ring-white/10 dark:focus:ring-brand-400"
          />
          <Button type="submit" size="icon" aria-label="Send message" disabled={!canSend} loading={state.creating}>
            {state.creating ? null : <SendHorizontal aria-hidden="true" className="size-4" />}
          </Button>
        </form>
        {state.inputError ? (
          <p id={errorId} role="alert" className="mt-1.5 text-xs text-red-600 dark:text-red-400">
            {state.inputError}
          </p>
        ) : null}
      </div>
    </div>
  );
}
