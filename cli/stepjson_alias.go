package cli

import (
	"github.com/sudokubot/sudokubot/engine"
	"github.com/sudokubot/sudokubot/stepjson"
)

// The JSON of steps lives in package stepjson, shared with the bot's web
// API; these names keep the commands and their tests short.
type (
	stepsCell  = stepjson.Cell
	litJSON    = stepjson.Lit
	branchJSON = stepjson.Branch
	stepJSON   = stepjson.Step
)

func newStepJSON(s engine.Step) stepJSON { return stepjson.New(s) }
