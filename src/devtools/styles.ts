/**
 * The devtools' only styles, in one <style> element (given `styleNonce` under a strict CSP). Every rule
 * is scoped under a class of its own, and the floating parts are fixed: nothing moves in the host app.
 */
export const DEVTOOLS_CSS = `
.gjad-root{position:fixed;z-index:2147483000}
.gjad-root,.gjad-embedded{font:12px/1.4 ui-monospace,SFMono-Regular,Menlo,monospace;color:#e8e8e8}
.gjad-bottom-right{right:12px;bottom:12px}.gjad-bottom-left{left:12px;bottom:12px}
.gjad-top-right{right:12px;top:12px}.gjad-top-left{left:12px;top:12px}
.gjad-toggle{background:#1d2330;color:#e8e8e8;border:1px solid #3b4456;border-radius:16px;padding:6px 12px;cursor:pointer;font:inherit}
.gjad-panel{color:#e8e8e8;font:12px/1.4 ui-monospace,SFMono-Regular,Menlo,monospace;background:#141821;border:1px solid #3b4456;border-radius:8px;padding:10px;width:min(560px,calc(100vw - 24px));max-height:min(480px,calc(100vh - 24px));display:flex;flex-direction:column;gap:8px;box-sizing:border-box}
.gjad-embedded .gjad-panel{width:auto}
.gjad-panel dl{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:0}
.gjad-panel dt{color:#9aa4b8}.gjad-panel dd{margin:0;overflow-wrap:anywhere}
.gjad-timeline{display:block;width:100%;height:auto;flex:none;background:#0d1117;border-radius:4px;font-family:inherit}
.gjad-panel ol{margin:0;padding:0 0 0 4px;list-style:none;overflow:auto;flex:1;min-height:60px;border-top:1px solid #2a3140}
.gjad-panel li{padding:2px 0;white-space:nowrap}
.gjad-actions{display:flex;gap:8px}
.gjad-actions button{background:#2a3140;color:#e8e8e8;border:1px solid #3b4456;border-radius:4px;padding:4px 10px;cursor:pointer;font:inherit}
.gjad-panel button:focus-visible,.gjad-toggle:focus-visible{outline:2px solid #7aa2f7;outline-offset:2px}
`;
