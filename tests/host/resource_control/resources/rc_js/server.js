const names = [];
for (let i = 0; i < GetNumResources(); i++) names.push(GetResourceByFindIndex(i));
console.log('resources', names.join(' '));
console.log('start returns', StartResource('rc_target'), 'state now', GetResourceState('rc_target'));
console.log('stop returns', StopResource('rc_target'), 'state now', GetResourceState('rc_target'));
console.log('start missing', StartResource('no_such'), GetResourceState('no_such'));
