fx_version 'cerulean'
game 'common'
description 'a chat room in the browser: the page (SetHttpHandler), who is online, the relay'
server_script 'chatroom.js'
