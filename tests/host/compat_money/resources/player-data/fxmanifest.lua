fx_version 'bodacious'
game 'common'
version '1.0.0'
description 'A basic resource for storing player identifiers.'
server_script 'server.lua'
provides { 'cfx.re/playerData.v1alpha1' }
