import type { AssistantTool } from '../assistant.types';
import {
  agencyMetricsTool,
  clientBreakdownTool,
  compensationStatsTool,
  placementSourcesTool,
  retainerPayoutsTool,
  roleFamiliesTool,
  stageFunnelTool,
} from './analytics-tools';
import { invoiceBalancesTool, needsAttentionTool } from './attention-tools';
import { findRecordsTool } from './find-records';
import { jobPostingPerformanceTool } from './job-posting-tools';
import { roleMatchesTool } from './matching-tools';
import { countRecordsTool, rolePipelineTool } from './records-tools';

/** Every read-only tool the assistant's engines may call. None writes; each checks the user's permission. */
export const assistantTools: AssistantTool[] = [
  findRecordsTool,
  countRecordsTool,
  rolePipelineTool,
  roleMatchesTool,
  agencyMetricsTool,
  stageFunnelTool,
  clientBreakdownTool,
  compensationStatsTool,
  retainerPayoutsTool,
  roleFamiliesTool,
  placementSourcesTool,
  jobPostingPerformanceTool,
  needsAttentionTool,
  invoiceBalancesTool,
];
