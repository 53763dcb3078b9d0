console.log('x'); const t = setTimeout(()=>{},1); console.log(+t);
