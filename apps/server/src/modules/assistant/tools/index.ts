import type { AssistantTool } from '../assistant.service';

/** Every read-only tool the assistant's engines may call. */
export const assistantTools: AssistantTool[] = [];
