on('onMapStart', (map) => console.log('race sets up track', map, 'of', exports.mapmanager.getCurrentGameType()));
on('mapmanager:spawnpoints', (map, points) => console.log('race got', points.length, 'points, ext type', points[0].type));
