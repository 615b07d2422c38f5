// Starts Swagger UI on the API reference page. A file of its own, not an inline script, so that the page can
// run under a Content-Security-Policy that allows scripts from the server only. The page says where the OpenAPI
// document is, so that this file is the same wherever the API is mounted.
(function start() {
  const root = document.getElementById('api-reference');
  if (!root || typeof window.SwaggerUIBundle !== 'function') return;
  window.SwaggerUIBundle({
    url: root.dataset.openapiUrl,
    domNode: root,
    deepLinking: true,
    presets: [window.SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
    // The public validator would be a call to a third party carrying the document's address.
    validatorUrl: null,
  });
})();
