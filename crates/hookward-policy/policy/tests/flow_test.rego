package hookward.flow_test

import data.hookward.main as rules
