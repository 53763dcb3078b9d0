// Intl.Segmenter (ICU break iterators) against Node 20: graphemes, words, sentences,
// containing(), the iterator, errors.
const show = (label, f) => { let r; try { r = f(); } catch (e) { r = `${e.name}: ${e.message}`; } console.log(label, JSON.stringify(r)); };
const texts = ['Hello, world! 👍🏽 ok', 'e\u0301👍🏽a🇩🇪', 'Dr. Smith went home. He slept! Did he? Yes.', '', 'こんにちは世界。元気ですか', 'can\'t won\'t 3.14 foo_bar a-b', '\ud800x'];
for (const g of ['grapheme', 'word', 'sentence']) for (const l of ['en', 'ja', 'de']) {
  const s = new Intl.Segmenter(l, { granularity: g });
  for (const t of texts) console.log(g, l, JSON.stringify([...s.segment(t)]));
}
const seg = new Intl.Segmenter('en', { granularity: 'word' }).segment('Hello, world!');
show('containing', () => [seg.containing(0), seg.containing(5), seg.containing(12), seg.containing(13), seg.containing(-1), seg.containing('3'), seg.containing()]);
show('tags', () => [Object.prototype.toString.call(seg), Object.prototype.toString.call(seg[Symbol.iterator]()), Object.prototype.toString.call(new Intl.Segmenter())]);
show('resolved', () => new Intl.Segmenter('de-DE', { granularity: 'sentence' }).resolvedOptions());
show('bad', () => new Intl.Segmenter('en', { granularity: 'x' }));
show('call', () => Intl.Segmenter());
show('default', () => new Intl.Segmenter().resolvedOptions().granularity);
show('next this', () => seg[Symbol.iterator]().next.call({}));
