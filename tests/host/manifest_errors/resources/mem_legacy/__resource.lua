resource_manifest_version '44febabe-d386-4d18-afbe-5e627f4af937'
local s = 'x'
while true do s = s .. s end
