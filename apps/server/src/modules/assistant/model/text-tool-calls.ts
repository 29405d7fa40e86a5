// Some OpenAI-compatible servers (small local models especially) return a tool call as plain text in the
// message content instead of `tool_calls`: a JSON object, perhaps in a ```json fence or <tool_call> tags.
// This reads such text back into calls; anything else is an ordinary answer.

export interface TextToolCall {
  name: string;
  /** The arguments as JSON text, like `function.arguments` of a real tool call. */
  rawArgs: string;
}

function unwrap(content: string): string {
  let text = content.trim();
  const tagged = /^<tool_call>([\s\S]*?)<\/tool_call>$/i.exec(text);
  if (tagged) text = tagged[1]!.trim();
  const fenced = /^```(?:json|tool_call)?\s*([\s\S]*?)```$/i.exec(text);
  if (fenced) text = fenced[1]!.trim();
  return text;
}

function asCall(value: unknown): TextToolCall | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  const inner =
    record.function && typeof record.function === 'object' ? (record.function as Record<string, unknown>) : record;
  const name = inner.name ?? inner.tool ?? inner.tool_name;
  if (typeof name !== 'string' || !/^[a-z_][a-z0-9_]{0,63}$/i.test(name)) return null;
  const args = inner.arguments ?? inner.parameters ?? inner.args ?? inner.input ?? {};
  const keys = Object.keys(inner).filter(
    (key) => !['name', 'tool', 'tool_name', 'arguments', 'parameters', 'args', 'input', 'type', 'id'].includes(key),
  );
  if (keys.length) return null;
  return { name, rawArgs: typeof args === 'string' ? args : JSON.stringify(args) };
}

/** The tool calls written as text in `content`, or [] when the content is an answer. */
export function parseTextToolCalls(content: string): TextToolCall[] {
  const text = unwrap(content);
  if (!text.startsWith('{') && !text.startsWith('[')) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  const items = Array.isArray(parsed) ? parsed : [parsed];
  const calls = items.map(asCall);
  return calls.length && calls.every((call): call is TextToolCall => call !== null) ? calls : [];
}
