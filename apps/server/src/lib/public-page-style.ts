/** The stylesheet of the public pages (careers pages, unsubscribe): light and dark, phone first, no web fonts. */
export const PUBLIC_PAGE_STYLE = `
:root{color-scheme:light dark;--bg:#f9fafb;--card:#fff;--text:#111827;--muted:#4b5563;--line:#e5e7eb;--accent:#4f46e5;--accent-text:#fff;--error:#b91c1c;--ok:#047857}
@media (prefers-color-scheme:dark){:root{--bg:#030712;--card:#111827;--text:#f9fafb;--muted:#9ca3af;--line:#1f2937;--accent:#818cf8;--accent-text:#111827;--error:#fca5a5;--ok:#6ee7b7}}
*{box-sizing:border-box}body{margin:0;font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:var(--bg);color:var(--text)}
header.top{border-bottom:1px solid var(--line);background:var(--card)}header.top div{max-width:46rem;margin:0 auto;padding:.9rem 1rem;font-weight:600}
header.top a{color:inherit;text-decoration:none}main{max-width:46rem;margin:0 auto;padding:1.25rem 1rem 3rem}
h1{font-size:1.6rem;line-height:1.25;margin:.2rem 0 .4rem}h2{font-size:1.15rem;margin:1.8rem 0 .6rem}
.muted{color:var(--muted)}.card{background:var(--card);border:1px solid var(--line);border-radius:.75rem;padding:1rem 1.1rem;margin:.75rem 0;overflow-wrap:anywhere}
ul.jobs{list-style:none;padding:0;margin:0}ul.jobs a{color:var(--accent);font-weight:600;font-size:1.05rem;text-decoration:none}ul.jobs a:hover{text-decoration:underline}
.meta{display:flex;flex-wrap:wrap;gap:.35rem .9rem;font-size:.92rem;color:var(--muted);margin:.2rem 0}
form{display:grid;gap:.9rem}label{display:block;font-weight:600;font-size:.92rem;margin-bottom:.25rem}
input[type=text],input[type=email],input[type=tel],input[type=file]{width:100%;font:inherit;padding:.6rem .7rem;border:1px solid var(--line);border-radius:.5rem;background:var(--bg);color:var(--text)}
input:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.row{display:grid;gap:.9rem}@media (min-width:34rem){.row{grid-template-columns:1fr 1fr}}
.consent{display:flex;gap:.6rem;align-items:flex-start;font-weight:400}.consent input{margin-top:.3rem;width:1.1rem;height:1.1rem}
.privacy{font-size:.88rem;color:var(--muted);white-space:pre-line;margin:.3rem 0 0}
.hp{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
button{font:inherit;font-weight:600;padding:.7rem 1.2rem;border:0;border-radius:.5rem;background:var(--accent);color:var(--accent-text);cursor:pointer;min-height:2.75rem}
button[disabled]{opacity:.6;cursor:progress}.error{color:var(--error);font-size:.9rem;margin:.25rem 0 0}
.status{border-radius:.5rem;padding:.8rem 1rem;font-weight:600}.status.ok{border:1px solid var(--ok);color:var(--ok)}.status.bad{border:1px solid var(--error);color:var(--error)}
footer{max-width:46rem;margin:0 auto;padding:0 1rem 2rem;font-size:.85rem;color:var(--muted)}
`;
