import {
  AUTOMATED_REPORT_FORMAT_LABELS,
  AUTOMATED_REPORT_LINK_DAYS,
  AUTOMATED_REPORT_TITLES,
  type AssignmentReport,
  type AutomatedReportFormat,
} from '@heed/contract';

export interface ReportEmailInput {
  firstName: string;
  reportName: string;
  report: AssignmentReport;
  format: AutomatedReportFormat;
  rows: number;
  companyName: string;
  scheduleText: string;
  url: string;
  /** True when the recipient's numbers are their departments' only. */
  isScoped: boolean;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The e-mail of one recipient's file: what it is, how many rows, and the signed link to it (the
 * pipeline sends it as rendered; the link is the file, so nothing is attached).
 */
export function reportEmail(input: ReportEmailInput) {
  const title = AUTOMATED_REPORT_TITLES[input.report];
  const what = `${title}, ${AUTOMATED_REPORT_FORMAT_LABELS[input.format]}, ${input.rows.toLocaleString('en-US')} ${
    input.rows === 1 ? 'row' : 'rows'
  }`;
  const reach = input.isScoped ? 'the departments you manage' : 'the whole company';
  const subject = `${input.reportName}: ${title}`;
  const text = [
    `Hello ${input.firstName},`,
    '',
    `Your automated report "${input.reportName}" is ready (${what}), with the figures of ${reach}.`,
    '',
    `Download it (the link works for ${AUTOMATED_REPORT_LINK_DAYS} days): ${input.url}`,
    '',
    `${input.scheduleText}. ${input.companyName} training, sent by Heed.`,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2430">
<p>Hello ${escapeHtml(input.firstName)},</p>
<p>Your automated report <strong>${escapeHtml(input.reportName)}</strong> is ready (${escapeHtml(what)}), with the figures of ${reach}.</p>
<p><a href="${escapeHtml(input.url)}">Download the report</a> (the link works for ${AUTOMATED_REPORT_LINK_DAYS} days).</p>
<p style="color:#60697a;font-size:13px">${escapeHtml(input.scheduleText)}. ${escapeHtml(input.companyName)} training, sent by Heed.</p>
</body></html>`;
  return { subject, text, html };
}
