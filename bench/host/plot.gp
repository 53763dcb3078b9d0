# plot.gp: the latency distributions (CDF) of rows 1-4 per drain policy,
# drawn by bench/host/run.mjs:
#   gnuplot -e "dir='DATA'; out='FILE.png'; t1='..'; t2='..'; t3='..'; t4='..'; machine='..'" plot.gp
# DATA/rN_POLICY.dat: "latency_us cumulative_fraction" lines.
set terminal pngcairo size 1400,900 font 'sans,10'
set output out
set multiplot layout 2,2 title "weft: await latency across resources, per drain policy (CDF; lower-left is better)\n".machine font 'sans,11'
set logscale x 10
set xrange [0.3:200000]
set yrange [0:1]
set format x '%.0s%cs'
set xtics ('0.3 us' 0.3, '1 us' 1, '10 us' 10, '100 us' 100, '1 ms' 1000, '10 ms' 10000, '100 ms' 100000)
set ytics 0.25
set grid xtics ytics lc rgb '#dddddd'
set key bottom right box opaque
set xlabel 'latency (log scale)'
set ylabel 'fraction of awaits'
set arrow 1 from 10, graph 0 to 10, graph 1 nohead dt 2 lc rgb '#2a9d8f'
set label 1 'target: median <= 10 us' at 12, graph 0.08 tc rgb '#2a9d8f' font 'sans,8'
# The seed's measured range after its fix, per row (us).
lo(r) = r <= 2 ? 700 : r == 3 ? 60 : 90
hi(r) = r <= 2 ? 2500 : r == 3 ? 1400 : 710
do for [r=1:4] {
  t = r == 1 ? t1 : r == 2 ? t2 : r == 3 ? t3 : t4
  set object 1 rect from lo(r), graph 0 to hi(r), graph 1 fc rgb '#f4a261' fs transparent solid 0.15 noborder
  set label 2 sprintf("seed's fix\n%g-%g ms", lo(r) / 1000.0, hi(r) / 1000.0) at lo(r) * 1.08, graph 0.92 tc rgb '#e76f51' font 'sans,8'
  set title t
  plot dir.'/r'.r.'_immediate.dat' using 1:2 with lines lw 2 lc rgb '#264653' title 'weft', \
       dir.'/r'.r.'_fasttick.dat' using 1:2 with lines lw 2 lc rgb '#e9c46a' title '1 ms fast tick (the fix)', \
       dir.'/r'.r.'_frame.dat' using 1:2 with lines lw 2 lc rgb '#e76f51' title 'frame (before the fix)'
}
unset multiplot
