// What an ACE-less resource cannot do.
ExecuteCommand('add_ace resource.prankster command allow');
ExecuteCommand('unban license:ccc');
ExecuteCommand('bans');
