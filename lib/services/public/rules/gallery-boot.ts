// The order a gallery page loads in (a phone's first load, bench/lighthouse): its largest picture first, then the code.
// pages/_document.tsx writes Next's scripts (NextScript: the page's chunks, Turbopack's bootstrap)
// not as <script> tags but as a list (BOOT_LIST_ID, JSON) that the browser's preload scanner does not
// fetch. GALLERY_BOOT_SCRIPT, at the end of the body, adds them to the page, in the same order and
// with the same attributes, once the page's largest picture (the image the gallery marks
// fetchpriority="high" and elementtiming: the background, or the first thumbnail when it is the
// largest) has been drawn (its Element Timing entry; where the browser has none, its load event and
// the next frame), or has failed; at once when there is none or the page is hidden; after BOOT_WAIT_MS
// at the latest. On a phone's connection the picture then has the bandwidth and the processor to
// itself (130 KB of code no longer shares them) and is drawn sooner, while the code, which needs the
// whole link after it anyway, is ready at about the same time as before.
//
// Until the code has run (pages/_app.tsx dispatches HYDRATED_EVENT), a tap on a button or a form
// sent is held, not lost: the last one is replayed once the page answers.
import { BOOT_LIST_ID, HYDRATED_EVENT, LARGEST_PICTURE } from "@/lib/services/public/rules/gallery-boot-names";

export const BOOT_WAIT_MS = 3000;

/** One of Next's scripts: its attributes (HTML names), and its text when it is inline. */
export type HeldScript = { attrs: Record<string, string>; text?: string };

// External scripts are added with async=false: fetched in parallel, run in the order added. An inline
// script runs when added, so one that follows external scripts waits for the last of them to run (or
// fail, as the browser would go on). A `nomodule` script (Next's legacy polyfills) is left out where
// the browser knows modules: it would never run there, and an inline script waiting for it would
// wait forever (the page did not hydrate; tests/unit/gallery-boot.test.ts).
export const GALLERY_BOOT_SCRIPT = `(function(){
var list=document.getElementById(${JSON.stringify(BOOT_LIST_ID)});if(!list)return;
var held=null,ready=false;
function hold(e){if(ready)return;var t=e.target&&e.target.closest&&e.target.closest(e.type==="submit"?"form":'button,[role="button"]');if(!t)return;e.preventDefault();e.stopPropagation();held=t}
document.addEventListener("click",hold,true);document.addEventListener("submit",hold,true);
window.addEventListener(${JSON.stringify(HYDRATED_EVENT)},function(){ready=true;document.removeEventListener("click",hold,true);document.removeEventListener("submit",hold,true);var t=held;held=null;if(t&&t.isConnected){if(t.tagName==="FORM"){if(t.requestSubmit)t.requestSubmit();else t.submit()}else t.click()}},{once:true});
var done=false;
var modern="noModule" in document.createElement("script");
function boot(){if(done)return;done=true;var prev=null;JSON.parse(list.textContent).forEach(function(d){if(modern&&"nomodule" in d.attrs)return;var s=document.createElement("script");for(var k in d.attrs)s.setAttribute(k,d.attrs[k]);if(d.attrs.src){s.async=false;document.body.appendChild(s);prev=s;return}s.text=d.text||"";if(prev){var add=function(){document.body.appendChild(s)};prev.addEventListener("load",add);prev.addEventListener("error",add)}else document.body.appendChild(s)})}
function afterFrame(){requestAnimationFrame(function(){setTimeout(boot,0)})}
var img=document.querySelector('img[fetchpriority="high"]');
if(!img||document.visibilityState!=="visible"||(img.complete&&!img.naturalWidth)){boot();return}
setTimeout(boot,${BOOT_WAIT_MS});img.addEventListener("error",boot);
var PO=window.PerformanceObserver,types=(PO&&PO.supportedEntryTypes)||[];
if(types.indexOf("element")>=0){new PO(function(l,o){if(l.getEntries().some(function(x){return x.identifier===${JSON.stringify(LARGEST_PICTURE)}})){o.disconnect();boot()}}).observe({type:"element",buffered:true})}
else if(img.complete)afterFrame();else img.addEventListener("load",afterFrame);
})();`.replace(/\n/g, "");

/** JSON that can sit inside a <script> element: no `<`, `>` or `&` (nothing can close the element). */
export function htmlSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
