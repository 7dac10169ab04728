// The page's stylesheet, inlined in <style>: light and dark, no fonts or images from elsewhere.

export const CSS = `
:root{--bg:#f6f7f9;--panel:#fff;--text:#1d2330;--muted:#626b7e;--line:#e1e4ea;--head:#0f172a;
--fail:#c62828;--fail-bg:#fdecec;--err:#8e24aa;--err-bg:#f6e8fa;--pass:#1b7f3b;--pass-bg:#e6f4ea;--nc:#5f6675;--nc-bg:#eef0f3;
--waive:#a15c00;--waive-bg:#fff3dc;--obs:#1f5fbf;--obs-bg:#e7effc;--code:#f3f4f7;--accent:#3b5bdb}
@media (prefers-color-scheme:dark){:root{--bg:#0f131a;--panel:#171c25;--text:#e3e7ef;--muted:#9aa3b5;--line:#2a3140;--head:#0a0d12;
--fail:#ff6b6b;--fail-bg:#3a1d20;--err:#d58bf0;--err-bg:#33203b;--pass:#4cc679;--pass-bg:#163024;--nc:#a4abb9;--nc-bg:#262c37;
--waive:#f0b44c;--waive-bg:#3a2d14;--obs:#74a7ff;--obs-bg:#1a2a45;--code:#11151c;--accent:#8da2ff}}
*{box-sizing:border-box}
[hidden]{display:none!important}
body{margin:0;background:var(--bg);color:var(--text);font:14px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
code,pre,.mono{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,"Liberation Mono",monospace;font-size:12.5px}
a{color:var(--accent)}
h1{margin:2px 0 4px;font-size:26px;font-weight:650;letter-spacing:-.01em;word-break:break-word}
h2{font-size:19px;margin:30px 0 12px}
h3{font-size:15px;margin:18px 0 8px}
h4{margin:14px 0 6px;font-size:13px}
h5{margin:12px 0 6px;font-size:11.5px;text-transform:uppercase;letter-spacing:.06em;color:var(--muted)}
h6{margin:10px 0 4px;font-size:12px;color:var(--muted);font-weight:600}
.muted{color:var(--muted)}.small{font-size:12px}.nowrap{white-space:nowrap}
.top{background:var(--head);color:#fff;padding:24px 0 20px}
.top-inner,main,footer{max-width:1280px;margin:0 auto;padding:0 24px}
.top-inner{display:flex;justify-content:space-between;align-items:center;gap:24px;flex-wrap:wrap}
.top-text{min-width:0;flex:1}
.brand{font-size:12px;text-transform:uppercase;letter-spacing:.12em;opacity:.7}
.sub-h{opacity:.78;font-size:13px}
.verdict{padding:12px 20px;border-radius:10px;min-width:220px;max-width:460px}
.verdict .v-label{display:block;font-weight:800;font-size:24px;letter-spacing:.06em}
.v-why{margin:4px 0 0;padding-left:18px;font-size:12.5px}
.verdict.ok{background:#1b7f3b}.verdict.bad{background:#c62828}.verdict.warn{background:#a15c00}
nav.jump{display:flex;gap:14px;flex-wrap:wrap;margin:14px 0 0;font-size:13px}
.meta{margin-top:20px;background:var(--panel);border:1px solid var(--line);border-radius:10px;padding:14px 18px}
.meta dl{margin:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(220px,1fr));gap:10px 24px}
.meta dt{font-size:11px;text-transform:uppercase;letter-spacing:.06em;color:var(--muted)}
.meta dd{margin:0;word-break:break-all}
.cards{display:grid;grid-template-columns:repeat(auto-fit,minmax(120px,1fr));gap:10px;margin-top:14px}
.card{all:unset;cursor:pointer;background:var(--panel);border:1px solid var(--line);border-left:5px solid var(--c,var(--accent));border-radius:10px;padding:10px 14px;display:flex;flex-direction:column}
.card:hover{box-shadow:0 3px 10px rgba(0,0,0,.08)}
.card:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
.card .n{font-size:26px;font-weight:700;line-height:1.1;color:var(--c,var(--text))}
.card .l{font-size:11.5px;text-transform:uppercase;letter-spacing:.06em;color:var(--muted)}
.card .p{font-size:12px;color:var(--muted)}
.card[data-count="0"]{opacity:.55}
.s-failed{--c:var(--fail);--cb:var(--fail-bg)}.s-error{--c:var(--err);--cb:var(--err-bg)}.s-passed{--c:var(--pass);--cb:var(--pass-bg)}
.s-nc,.s-notrun{--c:var(--nc);--cb:var(--nc-bg)}.s-waived{--c:var(--waive);--cb:var(--waive-bg)}.s-observed{--c:var(--obs);--cb:var(--obs-bg)}
.bar{display:flex;height:10px;border-radius:6px;overflow:hidden;margin:12px 0 4px;background:var(--line)}
.bar .seg{background:var(--c)}
.alert{margin-top:16px;border:1px solid var(--waive);background:var(--waive-bg);border-radius:10px;padding:8px 16px}
.alert h3{margin:4px 0;color:var(--waive)}
.failures>h2{color:var(--fail)}
.failure{background:var(--panel);border:1px solid var(--line);border-left:5px solid var(--c,var(--fail));border-radius:10px;padding:12px 18px;margin:0 0 14px}
.failure.s-error{--c:var(--err)}
.failure,.sec,.cov-doc{content-visibility:auto;contain-intrinsic-size:auto 320px}
.f-head{display:flex;gap:10px;align-items:baseline;flex-wrap:wrap}
.f-id{font-weight:700;color:var(--fail)}
.f-title{font-weight:600;flex:1;min-width:200px}
.f-link{white-space:nowrap}
.reason-box{margin-top:8px}
.reason{white-space:pre-wrap;word-break:break-word;margin:0}
.failure .reason,.rule.s-failed .reason{color:var(--fail)}
.reason details.json{display:inline;color:var(--ink,inherit);font-weight:400}.reason details.json summary{display:inline;cursor:pointer;font-family:ui-monospace,monospace;font-size:12px}
.reason details.json pre{white-space:pre-wrap;font-size:12px;background:var(--code-bg,#f6f8fa);padding:8px;border-radius:6px;margin:6px 0}
.problems ol{margin:0;padding-left:22px}
.problems li{white-space:pre-wrap;word-break:break-word;padding:2px 0;font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:12.5px}
.f-grid{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:18px}
@media (max-width:900px){.f-grid{grid-template-columns:1fr}}
.cmd{margin:0 0 8px}
.cmd-head{display:flex;justify-content:space-between;align-items:center;font-size:12px;color:var(--muted);margin-bottom:3px}
.copy{font:inherit;font-size:12px;cursor:pointer;border:1px solid var(--line);background:var(--panel);color:var(--text);border-radius:6px;padding:2px 10px}
.copy.done{color:var(--pass);border-color:var(--pass)}
.stale{background:var(--panel);border:1px solid var(--fail);border-radius:10px;padding:4px 18px 10px}
.stale h3{color:var(--fail)}
.toolbar{display:flex;justify-content:space-between;gap:10px;flex-wrap:wrap;align-items:center;margin-bottom:6px;position:sticky;top:0;background:var(--bg);padding:8px 0;z-index:2}
html:not(.js) .toolbar,html:not(.js) #shown{display:none}
.filters{display:flex;gap:6px;flex-wrap:wrap}
.fbtn,.tbtn{font:inherit;font-size:13px;cursor:pointer;border:1px solid var(--line);background:var(--panel);color:var(--text);border-radius:999px;padding:4px 12px}
.fbtn b{font-weight:650;margin-left:4px;color:var(--c,var(--muted))}
.fbtn.active{background:var(--c,var(--accent));border-color:var(--c,var(--accent));color:var(--panel)}
.fbtn.active b{color:var(--panel)}
.tbtn{border-radius:6px}
.fbtn:focus-visible,.tbtn:focus-visible,.copy:focus-visible,summary:focus-visible{outline:2px solid var(--accent);outline-offset:1px}
.tools{display:flex;gap:6px;align-items:center;flex-wrap:wrap}
#q,#area{font:inherit;font-size:13px;padding:4px 10px;border:1px solid var(--line);border-radius:6px;background:var(--panel);color:var(--text)}
#q{min-width:240px}
.doc{margin-top:10px}
.doc-h{display:flex;gap:10px;align-items:center;flex-wrap:wrap;border-bottom:2px solid var(--line);padding-bottom:4px}
.sec{background:var(--panel);border:1px solid var(--line);border-radius:10px;margin:10px 0;overflow:hidden}
.sec-h{margin:0;padding:8px 12px;background:var(--code);border-bottom:1px solid var(--line);display:flex;gap:10px;flex-wrap:wrap;align-items:center}
.g-counts{display:inline-flex;gap:6px;margin-left:auto;font-family:system-ui,sans-serif}
.mini{font-size:11px;font-weight:600;color:var(--c);background:var(--cb);padding:1px 8px;border-radius:999px}
details.rule{border-top:1px solid var(--line)}
.sec-h+details.rule{border-top:0}
details.rule>summary{list-style:none;cursor:pointer;display:grid;grid-template-columns:10px 118px 140px minmax(0,1fr) 78px 70px;gap:10px;align-items:baseline;padding:7px 12px 7px 10px}
details.rule>summary::-webkit-details-marker{display:none}
details.rule>summary::before{content:"▸";color:var(--muted);font-size:11px}
details.rule[open]>summary::before{content:"▾"}
details.rule>summary:hover{background:color-mix(in srgb,var(--cb) 45%,transparent)}
details.rule.s-failed>summary,details.rule.s-error>summary{box-shadow:inset 4px 0 0 var(--c)}
.r-id{font-weight:600;word-break:break-all}
.r-title{min-width:0;word-wrap:break-word}
.r-time{text-align:right;color:var(--muted);font-size:12px}
.sub{display:block;font-size:12px;color:var(--muted);margin-top:1px}
.rule.s-failed .sub,.rule.s-error .sub{color:var(--c)}
.rule-body{padding:4px 18px 14px 30px;background:var(--bg);border-top:1px dashed var(--line)}
@media (max-width:760px){details.rule>summary{grid-template-columns:10px 100px minmax(0,1fr)}.r-title{grid-column:2/-1}}
.pill{display:inline-block;font-size:11px;font-weight:700;letter-spacing:.04em;padding:2px 9px;border-radius:999px;color:var(--c);background:var(--cb);white-space:nowrap;text-transform:uppercase;text-align:center}
.lvl{font-size:11px;font-weight:700;padding:1px 7px;border-radius:4px;border:1px solid var(--line);text-align:center;white-space:nowrap}
.lvl-must{color:var(--text)}.lvl-observe{color:var(--obs)}
dl.facts{display:grid;grid-template-columns:120px minmax(0,1fr);gap:4px 12px;margin:10px 0 0}
dl.facts dt{color:var(--muted);font-size:12px;padding-top:1px}
dl.facts dd{margin:0;min-width:0;word-break:break-word}
pre.code{background:var(--code);border:1px solid var(--line);border-radius:6px;padding:8px 12px;margin:0;max-height:420px;overflow:auto;white-space:pre-wrap;word-break:break-all}
pre.code.inline{padding:4px 8px;max-height:none}
pre.cmdline{font-weight:600;max-height:none}
.exchanges{margin-top:4px}
details.ex{background:var(--panel);border:1px solid var(--line);border-radius:8px;margin:6px 0;overflow:hidden}
details.ex>summary{cursor:pointer;display:flex;gap:10px;align-items:center;padding:6px 12px;flex-wrap:wrap}
details.ex[open]>summary{border-bottom:1px solid var(--line)}
details.ex.failing{border:2px solid var(--fail)}
.failing-tag{font-size:11.5px;font-weight:600;color:var(--fail);border:1px solid currentColor;border-radius:4px;padding:0 5px}
details.ex .url{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:12.5px;word-break:break-all;flex:1;min-width:200px}
.ex.note{padding:6px 12px;border:1px solid var(--line);border-radius:8px;margin:6px 0;background:var(--panel);word-break:break-word}
.num{color:var(--muted);font-size:12px}
.method{font-weight:700;font-size:12px;background:var(--code);border:1px solid var(--line);border-radius:4px;padding:1px 6px}
.method.inbound{color:var(--obs)}
.reqline{margin:0 0 6px;word-break:break-all}
.http{font-weight:700;font-size:12px;border-radius:4px;padding:1px 7px}
.st-2{color:var(--pass);background:var(--pass-bg)}.st-3{color:var(--obs);background:var(--obs-bg)}
.st-4{color:var(--waive);background:var(--waive-bg)}.st-5{color:var(--fail);background:var(--fail-bg)}
.ex-body{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:14px;padding:10px 12px}
.ex-body.one{grid-template-columns:1fr}
@media (max-width:900px){.ex-body{grid-template-columns:1fr}}
table{border-collapse:collapse;width:100%}
table.kv{font-size:12px;margin-bottom:4px}
table.kv th{text-align:left;font-weight:600;color:var(--muted);padding:2px 10px 2px 0;white-space:nowrap;vertical-align:top;width:1%}
table.kv td{padding:2px 0;word-break:break-all;font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
.errtext{color:var(--fail);font-weight:600}
ol.evlines{margin:0;padding-left:22px;font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:12px;word-break:break-all}
table.obs,table.cov{background:var(--panel);border:1px solid var(--line);border-radius:8px;overflow:hidden}
table.obs th,table.cov th{text-align:left;font-size:11px;text-transform:uppercase;letter-spacing:.06em;color:var(--muted);padding:7px 10px;border-bottom:1px solid var(--line)}
table.obs td,table.cov td{padding:6px 10px;border-bottom:1px solid var(--line);vertical-align:top;word-break:break-word}
table.obs tr:last-child td{border-bottom:0}
table.cov .num{text-align:right;width:8%;font-variant-numeric:tabular-nums}
table.cov td.bad{color:var(--fail);font-weight:700}
table.cov tfoot th{font-size:12px;color:var(--text);border-top:2px solid var(--line)}
table.cov tfoot td{font-weight:700;border-top:2px solid var(--line)}
.trace{display:flex;gap:6px;flex-wrap:wrap;margin:0 0 8px}
.chip{font-size:12px;border:1px solid var(--line);border-radius:999px;padding:1px 10px;background:var(--panel)}
.empty{padding:16px;text-align:center;color:var(--muted)}
footer{color:var(--muted);font-size:12px;padding:28px 24px 40px}
@media print{.toolbar,.copy,nav.jump{display:none}.top{background:none;color:var(--text)}body{background:#fff}pre.code{max-height:none}}
`;
