// compliance.html: rendered by the modules of reports/html/.
export { escapeHtml, renderHtml } from './html/index.ts';
