import { describe, expect, it } from 'vitest';
import { stylesheetsFirst } from './stylesheets-first.ts';

describe('stylesheets first', () => {
  it("moves the head's stylesheets before its scripts and module preloads, keeping their order and the rest", () => {
    const html = [
      '<html>',
      '  <head>',
      '    <title>CertHub</title>',
      '    <style>body{margin:0}</style>',
      '    <script type="module" crossorigin src="/assets/index.js"></script>',
      '    <link rel="modulepreload" crossorigin href="/assets/react.js">',
      '    <link rel="stylesheet" crossorigin href="/assets/first.css">',
      '    <link rel="stylesheet" crossorigin href="/assets/index.css">',
      '  </head>',
      '  <body><link rel="stylesheet" href="/in-body.css"></body>',
      '</html>',
    ].join('\n');
    expect(stylesheetsFirst(html)).toBe(
      [
        '<html>',
        '  <head>',
        '    <title>CertHub</title>',
        '    <style>body{margin:0}</style>',
        '    <link rel="stylesheet" crossorigin href="/assets/first.css">',
        '    <link rel="stylesheet" crossorigin href="/assets/index.css">',
        '    <script type="module" crossorigin src="/assets/index.js"></script>',
        '    <link rel="modulepreload" crossorigin href="/assets/react.js">',
        '  </head>',
        '  <body><link rel="stylesheet" href="/in-body.css"></body>',
        '</html>',
      ].join('\n'),
    );
  });

  it('leaves a head without stylesheets, or without scripts, as it is', () => {
    const noCss = '<html><head><script src="/a.js"></script></head><body></body></html>';
    const noScript = '<html><head><link rel="stylesheet" href="/a.css"></head><body></body></html>';
    expect(stylesheetsFirst(noCss)).toBe(noCss);
    expect(stylesheetsFirst(noScript)).toBe(noScript);
  });
});
