// The widget's map (decision 1004): on a frame at least 640 px wide, Leaflet is loaded from this
// site and the places of the list are drawn; a narrow frame keeps the list alone and loads nothing.
(() => {
  const WIDE = '(min-width: 640px)';
  const data = JSON.parse(document.getElementById('embed-data')?.textContent || '{}');
  const box = document.getElementById('embed-map');
  if (!box || !data.points || data.points.length === 0 || !window.matchMedia(WIDE).matches) return;

  const load = (tag, attrs) =>
    new Promise((resolve, reject) => {
      const el = document.createElement(tag);
      Object.assign(el, attrs);
      el.onload = resolve;
      el.onerror = reject;
      document.head.appendChild(el);
    });

  Promise.all([
    load('link', { rel: 'stylesheet', href: '/embed/lib/leaflet.css' }),
    load('script', { src: '/embed/lib/leaflet.js' }),
  ])
    .then(() => {
      const L = window.L;
      box.hidden = false;
      const map = L.map(box, { scrollWheelZoom: false });
      L.tileLayer(data.tiles, { attribution: data.attribution, maxZoom: 18 }).addTo(map);
      const bounds = [];
      for (const p of data.points) {
        const link = document.createElement('a');
        link.href = p.url;
        link.target = '_blank';
        link.rel = 'noopener';
        link.textContent = `${p.name} ${data.newTab}`;
        L.circleMarker([p.lat, p.lng], { radius: 7, color: '#166534', weight: 2, fillColor: '#22c55e', fillOpacity: 0.8 })
          .bindPopup(link)
          .addTo(map);
        bounds.push([p.lat, p.lng]);
      }
      if (bounds.length === 1) map.setView(bounds[0], 14);
      else map.fitBounds(bounds, { padding: [20, 20], maxZoom: 15 });
      document.documentElement.dataset.map = 'ready';
    })
    .catch(() => {
      box.hidden = true;
    });
})();
