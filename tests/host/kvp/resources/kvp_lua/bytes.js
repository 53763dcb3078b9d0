const v = GetResourceKvpString('bytes');
console.log('js bytes', JSON.stringify(v), [...v].map((c) => c.charCodeAt(0)).join(','));
