// Checks that every chart was drawn, records script errors for automated checks, and shows the
// values under the pointer. The charts themselves are static SVG and need no script.
(function () {
  var errors = [];
  function publish() {
    document.body.dataset.errors = errors.join(' | ');
  }
  window.addEventListener('error', function (e) {
    errors.push(String(e.message || e));
    publish();
  });
  var consoleError = console.error;
  console.error = function () {
    errors.push(Array.prototype.join.call(arguments, ' '));
    publish();
    return consoleError.apply(console, arguments);
  };

  function significant(v) {
    var a = Math.abs(v);
    if (a === 0) return '0';
    var s = a >= 100 ? v.toFixed(0) : a >= 10 ? v.toFixed(1) : a >= 1 ? v.toFixed(2) : v.toPrecision(3);
    return s.indexOf('.') >= 0 && s.indexOf('e') < 0 ? s.replace(/0+$/, '').replace(/\.$/, '') : s;
  }
  function format(unit, v) {
    if (unit === 'micros') {
      var a = Math.abs(v);
      return a >= 1e6 ? significant(v / 1e6) + ' s' : a >= 1e3 ? significant(v / 1e3) + ' ms' : significant(v) + ' µs';
    }
    if (unit === 'percent') return significant(v) + '%';
    if (unit === 'seconds') return significant(v) + ' s';
    return Math.abs(v) >= 1e4 ? Math.round(v).toLocaleString('en') : significant(v);
  }
  function parse(text) {
    return text.trim().split(/\s+/).map(function (p) {
      var xy = p.split(',');
      return [parseFloat(xy[0]), parseFloat(xy[1])];
    });
  }

  var tip = document.getElementById('tip');
  function hover(svg) {
    var plot = svg.dataset.plot.split(',').map(Number);
    var lines = [].slice.call(svg.querySelectorAll('polyline[data-v]')).map(function (el) {
      return { name: el.parentNode.dataset.name, color: el.getAttribute('stroke'),
        pixels: parse(el.getAttribute('points')), values: parse(el.dataset.v) };
    });
    if (lines.length === 0) return;
    var cursor = document.createElementNS(svg.namespaceURI, 'line');
    cursor.setAttribute('class', 'cursor');
    cursor.setAttribute('y1', plot[1]);
    cursor.setAttribute('y2', plot[3]);
    cursor.style.display = 'none';
    svg.appendChild(cursor);
    svg.addEventListener('mouseleave', function () {
      tip.hidden = true;
      cursor.style.display = 'none';
    });
    svg.addEventListener('mousemove', function (e) {
      var pt = svg.createSVGPoint();
      pt.x = e.clientX;
      pt.y = e.clientY;
      var p = pt.matrixTransform(svg.getScreenCTM().inverse());
      if (p.x < plot[0] || p.x > plot[2] || p.y < plot[1] || p.y > plot[3]) {
        tip.hidden = true;
        cursor.style.display = 'none';
        return;
      }
      var rows = [];
      lines.forEach(function (l) {
        var best = -1, dist = Infinity;
        for (var i = 0; i < l.pixels.length; i++) {
          var d = Math.abs(l.pixels[i][0] - p.x);
          if (d < dist) { dist = d; best = i; }
        }
        if (best >= 0 && dist < 40) {
          rows.push({ l: l, i: best, dy: Math.abs(l.pixels[best][1] - p.y) });
        }
      });
      if (rows.length === 0) {
        tip.hidden = true;
        return;
      }
      rows.sort(function (a, b) { return a.dy - b.dy; });
      rows = rows.slice(0, 8);
      var x = rows[0].l.values[rows[0].i][0];
      cursor.setAttribute('x1', rows[0].l.pixels[rows[0].i][0]);
      cursor.setAttribute('x2', rows[0].l.pixels[rows[0].i][0]);
      cursor.style.display = '';
      tip.textContent = '';
      var head = document.createElement('div');
      head.className = 'h';
      head.textContent = format(svg.dataset.xUnit, x);
      tip.appendChild(head);
      rows.forEach(function (r) {
        var div = document.createElement('div');
        var sw = document.createElement('span');
        sw.className = 'sw';
        sw.style.background = r.l.color;
        div.appendChild(sw);
        var v = r.l.values[r.i];
        var at = v[0] !== x ? ' (at ' + format(svg.dataset.xUnit, v[0]) + ')' : '';
        div.appendChild(document.createTextNode(r.l.name + ': ' + format(svg.dataset.yUnit, v[1]) + at));
        tip.appendChild(div);
      });
      tip.hidden = false;
      var left = e.clientX + 16;
      if (left + tip.offsetWidth > window.innerWidth - 8) left = e.clientX - tip.offsetWidth - 16;
      tip.style.left = left + 'px';
      tip.style.top = Math.max(8, e.clientY - tip.offsetHeight / 2) + 'px';
    });
  }

  var rendered = 0;
  [].slice.call(document.querySelectorAll('svg.chart')).forEach(function (svg) {
    try {
      var box = svg.getBoundingClientRect();
      var drawn = svg.querySelectorAll('polyline[data-v]').length > 0 || svg.dataset.empty === 'true';
      if (box.width > 0 && box.height > 0 && drawn) {
        rendered++;
      } else {
        errors.push('chart ' + svg.id + ' was not drawn');
      }
      hover(svg);
    } catch (e) {
      errors.push('chart ' + svg.id + ': ' + e.message);
    }
  });
  document.body.dataset.chartsRendered = String(rendered);
  publish();
})();
