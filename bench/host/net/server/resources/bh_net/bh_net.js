// bh_net: row 8. An async net-event handler; its first continuation tells
// the C host (native BhNetDone) which sample it finished.
onNet('bh:net', async (i) => {
  await undefined;
  BhNetDone(i, source);
});
