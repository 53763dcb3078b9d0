// import.meta.url is a file: URL ending with the file name.
console.log(typeof import.meta, import.meta.url.startsWith('file:///'));
console.log(import.meta.url.split('/').pop());
console.log(import.meta.url.endsWith('/cases/mod_esm_import_meta.mjs'));
