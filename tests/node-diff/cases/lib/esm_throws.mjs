throw new Error("evaluation failed");
