// Starts the browser's download of an address of this page's origin (the server answers it with
// the file, as an attachment): a download link's click, made from code. Used by the PIN flow and by
// Download all's film-by-film fallback.
export function saveLink(href: string) {
  const a = document.createElement("a");
  a.href = href;
  a.download = "";
  a.hidden = true;
  document.body.appendChild(a);
  a.click();
  a.remove();
}
