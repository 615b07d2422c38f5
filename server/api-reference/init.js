// Starts Swagger UI on the API reference page. A file of its own, not an inline script, so that the page can
// run under a Content-Security-Policy that allows scripts from the server only. The page says where the OpenAPI
// document is, so that this file is the same wherever the API is mounted.
(function start() {
  const root = document.getElementById('api-reference');
  if (!root || typeof window.SwaggerUIBundle !== 'function') return;
  // Swagger UI draws a few controls without what WCAG 2.2 AA asks of them, and may draw them again at any
  // time, so each one it draws is completed: its server list and a parameter's choices get a name (4.1.2), and
  // an example too wide for its box can be reached by keyboard to scroll it (2.1.1).
  const complete = () => {
    for (const select of root.querySelectorAll('select#servers:not([aria-label])')) select.setAttribute('aria-label', 'Servers');
    for (const select of root.querySelectorAll('tr[data-param-name] select:not([aria-label])')) {
      select.setAttribute('aria-label', select.closest('tr').dataset.paramName);
    }
    for (const example of root.querySelectorAll('pre.microlight:not([tabindex])')) example.setAttribute('tabindex', '0');
  };
  new MutationObserver(complete).observe(root, { childList: true, subtree: true });
  window.SwaggerUIBundle({
    url: root.dataset.openapiUrl,
    domNode: root,
    // Deep links put a link inside each operation's expand button: a control inside a control, too small a
    // target, and two tab stops per operation (WCAG 4.1.2, 2.5.8).
    deepLinking: false,
    presets: [window.SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
    // The public validator would be a call to a third party carrying the document's address.
    validatorUrl: null,
    // The default code colours (agate) write numbers at 3.5:1, and most others their comments below 4.5:1;
    // tomorrow-night's all reach WCAG AA.
    syntaxHighlight: { theme: 'tomorrow-night' },
  });
})();
