/**
 * The devtools' only styles, in one <style> element (given `styleNonce` under a strict CSP). Every rule
 * is scoped under a class of its own, and the floating parts are fixed: nothing moves in the host app.
 * The panel lays itself out by its own width (a container query), docked or embedded in a host's tab:
 * its state beside its log when there is room, above it when not; no line of the log is ever cut.
 */
export const DEVTOOLS_CSS = `
.gjad-root{position:fixed;z-index:2147483000}
.gjad-root,.gjad-embedded{font:12px/1.4 ui-monospace,SFMono-Regular,Menlo,monospace;color:#e8e8e8}
.gjad-bottom-right{right:12px;bottom:12px}.gjad-bottom-left{left:12px;bottom:12px}
.gjad-top-right{right:12px;top:12px}.gjad-top-left{left:12px;top:12px}
.gjad-root.gjad-docked{left:0;right:0;display:flex;flex-direction:column;min-height:120px;max-height:calc(100vh - 48px);container:gjad/inline-size;box-shadow:0 0 12px rgba(0,0,0,.35)}
.gjad-root.gjad-dock-bottom{top:auto;bottom:0}
.gjad-root.gjad-dock-top{bottom:auto;top:0;flex-direction:column-reverse}
.gjad-resize{flex:none;height:6px;cursor:ns-resize;touch-action:none;background:#3b4456}
.gjad-resize:hover,.gjad-resize:focus-visible{background:#7aa2f7;outline:none}
.gjad-embedded{container:gjad/inline-size}
.gjad-toggle{background:#1d2330;color:#e8e8e8;border:1px solid #3b4456;border-radius:16px;padding:6px 12px;cursor:pointer;font:inherit}
.gjad-panel{color:#e8e8e8;font:12px/1.4 ui-monospace,SFMono-Regular,Menlo,monospace;background:#141821;border:1px solid #3b4456;border-radius:8px;padding:10px;max-height:min(480px,100vh);display:flex;flex-direction:column;gap:8px 16px;box-sizing:border-box;overflow:hidden}
.gjad-docked .gjad-panel{flex:1;min-height:0;max-height:none;border:0;border-radius:0}
.gjad-side{display:flex;flex-direction:column;gap:8px;flex:0 1 auto;min-width:0;min-height:0;overflow:auto}
.gjad-panel dl{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:0}
.gjad-panel dt{color:#9aa4b8}.gjad-panel dd{margin:0;overflow-wrap:anywhere}
.gjad-timeline{display:block;width:100%;height:auto;flex:none;background:#0d1117;border-radius:4px;font-family:inherit}
.gjad-panel ol{margin:0;padding:4px 0 0;list-style:none;overflow:auto;flex:1 1 auto;min-width:0;min-height:60px;border-top:1px solid #2a3140}
.gjad-panel li{padding:1px 0}
.gjad-panel summary{display:block;cursor:pointer;white-space:normal;overflow-wrap:anywhere;padding-left:1.5em;text-indent:-1.5em;border-radius:3px}
.gjad-panel summary::-webkit-details-marker{display:none}
.gjad-panel summary::before{content:'\\25B8';display:inline-block;width:1.5em;text-indent:0;color:#9aa4b8}
.gjad-panel details[open]>summary::before{content:'\\25BE'}
.gjad-panel summary:hover{background:#1d2330}
.gjad-panel pre{margin:2px 0 6px 1.5em;padding:6px 8px;background:#0d1117;border-radius:4px;font:inherit;white-space:pre-wrap;overflow-wrap:anywhere}
.gjad-subscriptions{border-collapse:collapse;width:100%;flex:none}
.gjad-subscriptions th,.gjad-subscriptions td{text-align:left;padding:1px 8px 1px 0;font-weight:normal;overflow-wrap:anywhere}
.gjad-subscriptions thead th{color:#9aa4b8}
.gjad-actions{display:flex;flex-wrap:wrap;gap:8px}
.gjad-actions button{background:#2a3140;color:#e8e8e8;border:1px solid #3b4456;border-radius:4px;padding:4px 10px;cursor:pointer;font:inherit}
.gjad-panel button:focus-visible,.gjad-toggle:focus-visible,.gjad-panel summary:focus-visible{outline:2px solid #7aa2f7;outline-offset:2px}
@container gjad (min-width:720px){.gjad-panel{flex-direction:row}.gjad-side{flex:0 0 min(420px,40%)}.gjad-panel ol{min-height:0;padding:0 0 0 12px;border-top:0;border-left:1px solid #2a3140}}
`;
