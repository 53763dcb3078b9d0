// Strings nested in containers are quoted and escaped.
console.log(['plain', "it's", 'say "hi"', 'both \' and "', 'new\nline', 'tab\t']);
console.log({ s: 'a\\b', e: '', u: '\u0001' });
