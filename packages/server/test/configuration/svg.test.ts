import { CHECKS, SVG_ERRORS, svgIconProblem } from '@circula/model';
import { describe, expect, it } from 'vitest';

const OK = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><defs><linearGradient id="g"/></defs><path d="M0 0h24v24H0z" fill="url(#g)"/><use href="#g"/></svg>';

describe('SVG icon check', () => {
  it.each([
    OK,
    '<svg/>',
    '  <svg viewBox="0 0 1 1"></svg>\n',
    '<svg><!-- a comment --><g><circle r="1" /></g></svg>',
    '<svg><style><![CDATA[ .a { fill: #fff } ]]></style><a href="#top"><text>on = off</text></a></svg>',
    '<svg xmlns:xlink="http://www.w3.org/1999/xlink"><use xlink:href="#a"/></svg>',
  ])('accepts %s', (svg) => {
    expect(svgIconProblem(svg)).toBeNull();
  });

  it.each([
    ['', SVG_ERRORS.notSingleElement],
    ['<div></div>', SVG_ERRORS.notSingleElement],
    ['<svg></svg><svg></svg>', SVG_ERRORS.notSingleElement],
    ['text <svg></svg>', SVG_ERRORS.notSingleElement],
    ['<svg></svg> text', SVG_ERRORS.notSingleElement],
    ['<svg><g></svg>', SVG_ERRORS.notSingleElement],
    ['<svg>', SVG_ERRORS.notSingleElement],
    ['<?xml version="1.0"?><svg></svg>', SVG_ERRORS.notSingleElement],
    ['<!DOCTYPE svg [<!ENTITY x "y">]><svg></svg>', SVG_ERRORS.notSingleElement],
    ['<svg><script>alert(1)</script></svg>', SVG_ERRORS.script],
    ['<svg><SCRIPT href="x.js"/></svg>', SVG_ERRORS.script],
    ['<svg><svg:script>alert(1)</svg:script></svg>', SVG_ERRORS.script],
    ['<svg onload="alert(1)"></svg>', SVG_ERRORS.eventHandler],
    ['<svg/onload=alert(1)>', SVG_ERRORS.eventHandler],
    ['<svg><rect ONCLICK="x()"/></svg>', SVG_ERRORS.eventHandler],
    ['<svg><a href="javascript:alert(1)"><text>x</text></a></svg>', SVG_ERRORS.javascript],
    ['<svg><a href="  JaVa\tScRiPt:alert(1)"/></svg>', SVG_ERRORS.javascript],
    ['<svg><a href="jav&#x61;script&colon;alert(1)"/></svg>', SVG_ERRORS.javascript],
    ['<svg><animate attributeName="x" values="javascript:alert(1)"/></svg>', SVG_ERRORS.javascript],
    ['<svg><image href="https://evil.example/x.png"/></svg>', SVG_ERRORS.externalReference],
    ['<svg><use xlink:href="//evil.example/s.svg#a"/></svg>', SVG_ERRORS.externalReference],
    ['<svg><image href="data:image/svg+xml;base64,PHN2Zz4="/></svg>', SVG_ERRORS.externalReference],
    ['<svg><rect style="fill:url(https://evil.example/p)"/></svg>', SVG_ERRORS.externalReference],
    ['<svg><style>@import "https://evil.example/a.css";</style></svg>', SVG_ERRORS.externalReference],
    ['<svg><set attributeName="href" to="#x"/></svg>', SVG_ERRORS.externalReference],
    ['<svg><foreignObject><div>x</div></foreignObject></svg>', SVG_ERRORS.element],
    ['<svg><iframe src="/"></iframe></svg>', SVG_ERRORS.element],
  ])('refuses %j with %s', (svg, error) => {
    expect(svgIconProblem(svg)).toBe(error);
  });
});

describe('colour and time zone checks', () => {
  it('accepts #rgb and #rrggbb colours only', () => {
    for (const ok of ['#fff', '#1F6F50', '#000000']) expect(CHECKS.hexColor!(ok), ok).toBe(true);
    for (const bad of ['fff', '#ffff', '#12345g', 'red', '#1f6f5080', 'rgb(0,0,0)']) expect(CHECKS.hexColor!(bad), bad).toBe(false);
  });

  it('accepts IANA time zones only', () => {
    for (const ok of ['Europe/Rome', 'UTC', 'America/New_York']) expect(CHECKS.timeZone!(ok), ok).toBe(true);
    for (const bad of ['Mars/Olympus', 'Europe/Rome; drop', '', '+01:00x']) expect(CHECKS.timeZone!(bad), bad).toBe(false);
  });
});
