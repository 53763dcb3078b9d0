# embed.cmake: -DIN=file -DOUT=file.c -DNAME=symbol: a file as a C byte array
# (NUL-terminated) and its length, for files weft serves (/weft/client.js).
file(READ ${IN} hex HEX)
string(LENGTH "${hex}" n)
math(EXPR len "${n} / 2")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," arr "${hex}")
file(WRITE ${OUT} "/* generated from ${IN} */\nconst unsigned char ${NAME}[] = {${arr} 0};\nconst unsigned long ${NAME}_len = ${len};\n")
