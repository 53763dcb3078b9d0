// The NATS link secured (docs/cluster.md "Securing the link"): nats-server
// with TLS (a CA made for the run, tests/cluster/run.sh `nats-auth`) and a
// user/password; eu-1 joins with weft_clusterUser/Password and
// weft_clusterTlsCa over tls://, eu-2's wrong password is refused.
const T = (s) => console.log(`T: ${s}`);
const msg = (e) => String(e && e.message ? e.message : e);
ProvideClusterExports();
exports('ping', () => 'eu-1');

async function main() {
  T(`joined over TLS with a password: ${await ClusterExports('eu-1', 'driver').ping()}`);
  const r = await ClusterState.set('secured', 1);
  T(`state over the secured link: ${typeof r === 'number'}`);
  try { await ClusterExports('eu-2', 'bank').ping(); T('eu-2 answered?!'); } catch (e) { T(`eu-2 (wrong password): ${msg(e)}`); }
}
main().catch((e) => T(`FAILED: ${msg(e)}`)).finally(() => setTimeout(() => ExecuteCommand('quit'), 10));
