spawnpoint 'a_m_y_hipster_01' { x = 1.0, y = 2.0, z = 3.0 }
